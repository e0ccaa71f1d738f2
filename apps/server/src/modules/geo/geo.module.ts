import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type CityIndex, loadCityIndex } from './city-index.ts';
import { geoRoutes } from './geo.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The city index, loaded on first use (it is large and most requests never need it). */
    cities: () => CityIndex;
  }
}

export const geoModule = fp(
  async (app: FastifyInstance) => {
    let cityIndex: CityIndex | undefined;
    const cities = () => {
      cityIndex ??= loadCityIndex();
      return cityIndex;
    };
    app.decorate('cities', cities);
    await app.register(geoRoutes, { cities });
  },
  { name: 'geo', dependencies: ['platform', 'authentication'] },
);
