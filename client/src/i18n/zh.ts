import catalogue from './zh.json?catalogue';

export default catalogue;
