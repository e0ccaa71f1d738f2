import { describe, expect, expectTypeOf, it } from 'vitest';
import { destinations } from './destinations.ts';
import type { Message, PresenceEvent } from './index.ts';
import { type TopicPayload, topicPatternOf, topicSchemaOf, topics } from './topics.ts';

describe('topic map', () => {
  it('names the pattern of every destination the server publishes to', () => {
    expect(topicPatternOf(destinations.presence)).toBe('/topic/presence');
    expect(topicPatternOf(destinations.chat('m1'))).toBe('/topic/chat/*');
    expect(topicPatternOf(destinations.read('m1'))).toBe('/topic/read/*');
    expect(topicPatternOf(destinations.call('m1'))).toBe('/topic/call/*');
    expect(topicPatternOf(destinations.match('m1'))).toBe('/topic/match/*');
    expect(topicPatternOf(destinations.contact('m1'))).toBe('/topic/contact/*');
    expect(Object.keys(topics)).toHaveLength(6);
  });

  it('knows no other destination', () => {
    expect(topicPatternOf('/topic/chat')).toBeUndefined();
    expect(topicPatternOf('/topic/chat/a/b')).toBeUndefined();
    expect(topicPatternOf(destinations.publishPresence)).toBeUndefined();
    expect(topicPatternOf('/topic/presence/x')).toBeUndefined();
  });

  it('parses a frame with the schema of its destination', () => {
    const schema = topicSchemaOf(destinations.presence);
    expect(schema?.safeParse({ userId: 'u', status: 'online' }).success).toBe(true);
    expect(schema?.safeParse({ userId: 'u', status: 'away' }).success).toBe(false);
    expect(topicSchemaOf(destinations.read('m'))?.safeParse({}).success).toBe(false);
  });

  it('types a payload by its destination', () => {
    expectTypeOf<TopicPayload<'/topic/presence'>>().toEqualTypeOf<PresenceEvent>();
    expectTypeOf<TopicPayload<ReturnType<typeof destinations.chat>>>().toEqualTypeOf<Message>();
  });
});
