export { regionScreen } from './region.screen';
export { regionsApi } from './region.api';
export type { Region } from '@vot/shared/schemas';
