/** The geo module's public face: the city index and its lookup routes. */
export type { CityIndex } from './city-index.ts';
export { geoModule } from './geo.module.ts';
