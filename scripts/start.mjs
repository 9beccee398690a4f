// `npm start`: runs the app. Today: the Electron window (scripts/start-electron.mjs).
import { startElectron } from './start-electron.mjs';

await startElectron(process.argv.slice(2));
