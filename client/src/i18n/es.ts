import catalogue from './es.json?catalogue';

export default catalogue;
