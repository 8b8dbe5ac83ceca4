// This language's catalogue, by part: each part its own chunk (../catalogues.ts).
import type { Catalogue } from '@common/i18n/messages';

export default import.meta.glob<Catalogue>(['./*.json', '!./server.json', '!./mail.json'], { import: 'default' });
