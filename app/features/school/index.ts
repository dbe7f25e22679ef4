export {
  classroomFilterOptions,
  filterableClassroomIds,
  ownClassroomIds,
  type ClassroomOption,
} from './classroom-choices';
