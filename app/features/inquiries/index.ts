export { INQUIRIES_PATH } from './office';
