// Worker-thread entry of tab-worker.ts: registers tsx in this thread, then loads the TypeScript module.
import { register } from 'tsx/esm/api';

register();
await import('./tab-worker.ts');
