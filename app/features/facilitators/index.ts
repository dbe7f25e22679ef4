export { canManageFacilitators } from './schemas';
