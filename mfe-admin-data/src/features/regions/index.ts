export { regionScreen } from './region.screen';
export { regionsApi, type Region } from './region.api';
