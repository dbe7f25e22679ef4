export { resourceTime, type ResourceRecord } from './library';
export { loadResourcesData } from './load';
