export { SearchLauncher } from './SearchLauncher';
