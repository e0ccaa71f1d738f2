import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint.ts';
import { notFound } from '../../lib/http-error.ts';
import type { CityIndex } from './city-index.ts';

/** A position further than this from any town of 1,000 people is not given a town. */
const MAX_REVERSE_KM = 100;
const SEARCH_RESULTS = 5;

/**
 * Geocoding for the registration and profile forms, answered from the offline index: open to
 * visitors (registration comes before login), and the positions are never logged.
 */
export const geoRoutes: FastifyPluginAsyncZod<{ cities: () => CityIndex }> = async (
  app,
  { cities },
) => {
  app.route({
    ...endpoint('reverseGeocode', 'geo'),
    handler: async (request) => {
      const { lat, lon, lang } = request.query;
      const place = cities().nearest(lat, lon, lang, MAX_REVERSE_KM);
      if (!place) throw notFound('PLACE_NOT_FOUND_NEAR');
      return place;
    },
  });

  app.route({
    ...endpoint('searchPlaces', 'geo'),
    handler: async (request) => ({
      results: cities().search(request.query.q, request.query.lang, SEARCH_RESULTS),
    }),
  });
};
