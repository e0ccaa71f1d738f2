import {
  errorBodySchema,
  geoPlaceSchema,
  geoSearchResponseSchema,
  reverseGeocodeQuerySchema,
  searchGeocodeQuerySchema,
} from '@mawadda/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
  app.get(
    '/api/geo/reverse',
    {
      schema: {
        tags: ['geo'],
        summary: 'The nearest town to a position, as "city, country"',
        querystring: reverseGeocodeQuerySchema,
        response: { 200: geoPlaceSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const { lat, lon, lang } = request.query;
      const place = cities().nearest(lat, lon, lang, MAX_REVERSE_KM);
      if (!place) throw notFound('No town found near this position. Please type your location.');
      return place;
    },
  );

  app.get(
    '/api/geo/search',
    {
      schema: {
        tags: ['geo'],
        summary: 'Towns matching a typed location ("city" or "city, country"), biggest first',
        querystring: searchGeocodeQuerySchema,
        response: { 200: geoSearchResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => ({
      results: cities().search(request.query.q, request.query.lang, SEARCH_RESULTS),
    }),
  );
};
