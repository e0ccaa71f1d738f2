/**
 * The length of a WebM recording, in seconds, from its blocks' timestamps. Browsers' MediaRecorder
 * writes WebM as a live stream: no duration in the header and clusters of unknown size, so
 * metadata parsers (music-metadata included) answer "unknown". Walking the EBML elements to the
 * last block's timestamp answers it; `undefined` when the bytes are not such a file.
 */
const ID = {
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  cluster: 0x1f43b675,
  clusterTimecode: 0xe7,
  blockGroup: 0xa0,
  block: 0xa1,
  simpleBlock: 0xa3,
} as const;
/** Elements whose children are read in place (their size may be "unknown" in a live stream). */
const CONTAINERS = new Set<number>([ID.segment, ID.info, ID.cluster, ID.blockGroup]);

function vint(bytes: Buffer, at: number, keepMarker: boolean) {
  const first = bytes[at];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[at + i] ?? 0;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { length, value, unknown: !keepMarker && allOnes };
}

function unsigned(bytes: Buffer, at: number, size: number): number {
  let value = 0;
  for (let i = 0; i < size; i++) value = value * 256 + (bytes[at + i] ?? 0);
  return value;
}

export function webmDurationSeconds(bytes: Buffer): number | undefined {
  let scaleNs = 1_000_000;
  let clusterTime = 0;
  let lastBlock: number | undefined;
  let at = 0;
  while (at < bytes.length) {
    const id = vint(bytes, at, true);
    if (!id) return undefined;
    const size = vint(bytes, at + id.length, false);
    if (!size) return undefined;
    const data = at + id.length + size.length;
    if (CONTAINERS.has(id.value)) {
      at = data;
      continue;
    }
    if (size.unknown || data + size.value > bytes.length) {
      // A last block cut short still counts: MediaRecorder may stop mid-cluster.
      if (id.value !== ID.simpleBlock && id.value !== ID.block) return undefined;
    }
    if (id.value === ID.timecodeScale) scaleNs = unsigned(bytes, data, size.value);
    if (id.value === ID.clusterTimecode) clusterTime = unsigned(bytes, data, size.value);
    if (id.value === ID.simpleBlock || id.value === ID.block) {
      const track = vint(bytes, data, false);
      if (!track) return undefined;
      if (data + track.length + 2 > bytes.length) break;
      const relative = bytes.readInt16BE(data + track.length);
      lastBlock = Math.max(lastBlock ?? 0, clusterTime + relative);
    }
    at = data + size.value;
  }
  return lastBlock === undefined ? undefined : (lastBlock * scaleNs) / 1e9;
}
