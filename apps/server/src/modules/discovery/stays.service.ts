import {
  errorText,
  type PlaceLanguage,
  STAY_MAX_DAYS,
  STAYS_MAX,
  type Stay,
  type StayRequest,
} from '@mawadda/contract';
import type { FastifyBaseLogger } from 'fastify';
import { gridDistanceKm, shownStay } from '../../core/member-view.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, HttpError, invalidFields, notFound } from '../../lib/http-error.ts';
import { runEvery } from '../../lib/run-every.ts';
import type { CityIndex } from '../geo/index.ts';
import {
  addStay,
  deleteStay,
  dropEndedStays,
  listStays,
  type StoredStay,
} from './stays.repository.ts';
import { STAY_REACH_KM } from './suggestions.repository.ts';

const ONE_DAY = 24 * 60 * 60 * 1000;
/** Stays over are dropped hourly, this many a statement. */
const ENDED_STAYS_EVERY_MS = 60 * 60 * 1000;
const ENDED_STAYS_BATCH = 1000;

/** `YYYY-MM-DD` of a moment, in UTC. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / ONE_DAY;

export type StaysService = ReturnType<typeof createStaysService>;

function toStay(row: StoredStay, language: PlaceLanguage): Stay {
  return { id: row.id, ...shownStay(row, language) };
}

/** Travel mode (ADR 077): the stays a member announces. */
export function createStaysService(deps: {
  db: Database;
  clock: Clock;
  cities: () => CityIndex;
  log: FastifyBaseLogger;
}) {
  const { db, clock } = deps;
  const today = () => utcDay(clock.now());

  return {
    today,

    async list(memberId: string, language: PlaceLanguage): Promise<Stay[]> {
      return (await listStays(db, memberId, today())).map((row) => toStay(row, language));
    },

    /**
     * A new stay. Its arrival is refused before yesterday (UTC): the day may still be today
     * where the member is, west of Greenwich. Nothing is written when anything is refused.
     */
    async create(memberId: string, request: StayRequest, language: PlaceLanguage): Promise<Stay> {
      const [place] = deps.cities().search(request.location, 'en', 1);
      if (!place) {
        throw invalidFields([
          { path: 'location', code: 'LOCATION_UNKNOWN', message: errorText('LOCATION_UNKNOWN') },
        ]);
      }
      const arrives = dayNumber(request.arrivesOn);
      const departs = dayNumber(request.departsOn);
      if (arrives < dayNumber(today()) - 1) throw badRequest('STAY_IN_PAST');
      if (departs < arrives) throw badRequest('STAY_DATES_INVALID');
      if (departs - arrives + 1 > STAY_MAX_DAYS) {
        throw badRequest('STAY_TOO_LONG', { maxDays: STAY_MAX_DAYS });
      }
      const row = await db.transaction((tx) =>
        addStay(
          tx,
          memberId,
          {
            town: place.city,
            countryCode: place.countryCode,
            latitude: place.latitude,
            longitude: place.longitude,
            arrivesOn: request.arrivesOn,
            departsOn: request.departsOn,
          },
          today(),
          STAYS_MAX,
        ),
      );
      if (!row) throw new HttpError(409, 'STAYS_TOO_MANY', { params: { max: STAYS_MAX } });
      return toStay(row, language);
    },

    /** Deleted at once: the next page of anyone's suggestions no longer has her there. */
    async remove(memberId: string, stayId: string): Promise<void> {
      const deleted = await db.transaction((tx) => deleteStay(tx, memberId, stayId, today()));
      if (!deleted) throw notFound('STAY_NOT_FOUND');
    },

    /**
     * Her stay shown today nearest `viewer`'s cell within the reach of the suggestions
     * (`STAY_REACH_KM`): the one her card in his suggestions carries.
     */
    async stayNear(
      memberId: string,
      viewer: { gridLatitude: number | null; gridLongitude: number | null },
    ): Promise<StoredStay | undefined> {
      const day = today();
      let nearest: { stay: StoredStay; km: number } | undefined;
      for (const stay of await listStays(db, memberId, day)) {
        const km = gridDistanceKm(viewer, stay);
        if (stay.shownFrom > day || km === null || km > STAY_REACH_KM) continue;
        if (!nearest || km < nearest.km) nearest = { stay, km };
      }
      return nearest?.stay;
    },

    /** Drops every stay over (on any node: each batch is its own statement); how many. */
    async dropEnded(): Promise<number> {
      let total = 0;
      for (;;) {
        const dropped = await dropEndedStays(db, today(), ENDED_STAYS_BATCH);
        total += dropped;
        if (dropped < ENDED_STAYS_BATCH) return total;
      }
    },

    startDroppingEnded() {
      return runEvery(
        ENDED_STAYS_EVERY_MS,
        () => this.dropEnded(),
        (err) => deps.log.error({ err }, 'Dropping the stays over failed'),
      );
    },

    /** One of her stays shown today, to browse there; a 404 otherwise. */
    async shownStay(memberId: string, stayId: string): Promise<StoredStay> {
      const day = today();
      const stay = (await listStays(db, memberId, day)).find((s) => s.id === stayId);
      if (!stay || stay.shownFrom > day) throw notFound('STAY_NOT_FOUND');
      return stay;
    },
  };
}
