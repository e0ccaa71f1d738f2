/**
 * A recording's container without its metadata (ADR 072: "no metadata"), without re-encoding:
 * there is no audio encoder among our dependencies, so the container is rewritten in place and
 * the audio frames are kept byte for byte. Whatever a recorder or a tool wrote about itself, the
 * member or the moment (muxer and encoder names, titles, dates, tags, attachments) goes; what a
 * browser needs to play the file stays. Bytes the rewrite cannot walk throw
 * `UnreadableRecording`: a file is stored clean or not at all.
 */
export class UnreadableRecording extends Error {
  constructor(what: string) {
    super(`Recording not rewritable: ${what}`);
    this.name = 'UnreadableRecording';
  }
}

/** The recording's bytes without metadata; `extension` is one of VOICE_FORMATS' extensions. */
export function withoutMetadata(data: Buffer, extension: string): Buffer {
  if (extension === '.webm') return webmWithoutMetadata(data);
  if (extension === '.m4a') return mp4WithoutMetadata(data);
  if (extension === '.ogg') return oggOpusWithoutMetadata(data);
  throw new UnreadableRecording(`no rewrite for ${extension}`);
}

// --- WebM / Matroska --------------------------------------------------------------------------
// Each metadata element becomes a Void element of the same total length, so no size, SeekHead
// position or cue offset changes.

const EBML = {
  header: 0x1a45dfa3,
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  seek: 0x4dbb,
  seekId: 0x53ab,
  info: 0x1549a966,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  cluster: 0x1f43b675,
  blockGroup: 0xa0,
  simpleBlock: 0xa3,
  void: 0xec,
} as const;

/** Level-1 elements that are metadata as a whole; a Seek entry pointing at one goes with it. */
const EBML_METADATA_SECTIONS = new Set<number>([
  0x1254c367, // Tags (every Tag and SimpleTag inside)
  0x1941a469, // Attachments
  0x1043a770, // Chapters (their titles)
]);
const EBML_METADATA = new Set<number>([
  ...EBML_METADATA_SECTIONS,
  0x4d80, // MuxingApp
  0x5741, // WritingApp
  0x7ba9, // Title
  0x4461, // DateUTC
  0x536e, // a track's Name
  // An optional CRC-32 over its parent's children, which would no longer match once one of
  // them is a Void: players ignore it, a strict one would drop the parent.
  0xbf,
]);
/** Elements whose children are walked in place (Segment and Cluster may have unknown size). */
const EBML_WALKED = new Set<number>([
  EBML.segment,
  EBML.seekHead,
  EBML.info,
  EBML.tracks,
  EBML.trackEntry,
  EBML.cluster,
]);

function ebmlVint(bytes: Buffer, at: number, keepMarker: boolean) {
  const first = bytes[at];
  if (first === undefined || first === 0) throw new UnreadableRecording('EBML number');
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) throw new UnreadableRecording('EBML number cut short');
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[at + i] ?? 0;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { length, value, unknown: !keepMarker && allOnes };
}

function ebmlElement(bytes: Buffer, at: number) {
  const id = ebmlVint(bytes, at, true);
  const size = ebmlVint(bytes, at + id.length, false);
  const data = at + id.length + size.length;
  return { id: id.value, data, size: size.value, unknown: size.unknown, end: data + size.value };
}

/** Overwrites `length` bytes at `at` with one Void element (ID, a size, zeros). */
function writeVoid(bytes: Buffer, at: number, length: number): void {
  let sizeLength = 1;
  while (length - 1 - sizeLength > 2 ** (7 * sizeLength) - 2) sizeLength++;
  const dataLength = length - 1 - sizeLength;
  bytes.fill(0, at, at + length);
  bytes[at] = EBML.void;
  let rest = dataLength;
  for (let i = sizeLength; i >= 1; i--) {
    bytes[at + i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  bytes[at + 1] = (bytes[at + 1] ?? 0) | (0x80 >> (sizeLength - 1));
}

/** The element ID a Seek entry points at, read from its SeekID child. */
function seekTarget(bytes: Buffer, seek: { data: number; end: number }): number | undefined {
  for (let at = seek.data; at < seek.end; ) {
    const child = ebmlElement(bytes, at);
    if (child.unknown || child.end > seek.end) throw new UnreadableRecording('Seek entry');
    if (child.id === EBML.seekId) {
      let id = 0;
      for (let i = child.data; i < child.end; i++) id = id * 256 + (bytes[i] ?? 0);
      return id;
    }
    at = child.end;
  }
  return undefined;
}

function webmWithoutMetadata(input: Buffer): Buffer {
  const bytes = Buffer.from(input);
  if (ebmlElement(bytes, 0).id !== EBML.header) throw new UnreadableRecording('no EBML header');
  // One flat walk, entering the elements that hold metadata and the (maybe unknown-size)
  // Segment and Clusters, skipping every other element by its size.
  for (let at = 0; at < bytes.length; ) {
    const element = ebmlElement(bytes, at);
    if (EBML_WALKED.has(element.id)) {
      at = element.data;
      continue;
    }
    if (element.unknown || element.end > bytes.length) {
      // MediaRecorder may stop mid-block: audio cut short ends the file, with nothing after it.
      if (element.id === EBML.simpleBlock || element.id === EBML.blockGroup) break;
      throw new UnreadableRecording('EBML element cut short');
    }
    const dropped =
      EBML_METADATA.has(element.id) ||
      (element.id === EBML.seek && EBML_METADATA_SECTIONS.has(seekTarget(bytes, element) ?? 0));
    if (dropped) writeVoid(bytes, at, element.end - at);
    at = element.end;
  }
  return bytes;
}

// --- MP4 (M4A) --------------------------------------------------------------------------------
// `udta` (iTunes tags, the encoder's `©too`) and `meta` boxes become emptied `free` boxes of the
// same size, which players skip; creation and modification times become 0 (1904-01-01). No box
// moves, so the chunk offsets into `mdat` stay right.

const MP4_WALKED = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'moof', 'traf']);
const MP4_METADATA = new Set(['udta', 'meta']);
const MP4_DATED = new Set(['mvhd', 'tkhd', 'mdhd']);
/** The UUID box type Adobe's XMP packets are stored under. */
const XMP_UUID = 'be7acfcb97a942e89c71999491e3afac';

function mp4Box(bytes: Buffer, at: number, to: number) {
  if (at + 8 > to) throw new UnreadableRecording('MP4 box header cut short');
  const size32 = bytes.readUInt32BE(at);
  const type = bytes.toString('latin1', at + 4, at + 8);
  let header = 8;
  let size = size32;
  if (size32 === 1) {
    if (at + 16 > to) throw new UnreadableRecording('MP4 box header cut short');
    size = Number(bytes.readBigUInt64BE(at + 8));
    header = 16;
  } else if (size32 === 0) {
    size = to - at;
  }
  if (size < header || at + size > to) throw new UnreadableRecording(`MP4 box ${type}`);
  return { type, data: at + header, end: at + size };
}

/** Walks boxes in [from, to), cleaning them; collects where each AAC track's first chunk is. */
function mp4Walk(bytes: Buffer, from: number, to: number, aacStarts: number[]): void {
  let aacTrack = false;
  for (let at = from; at < to; ) {
    const { type, data, end } = mp4Box(bytes, at, to);
    const xmp = type === 'uuid' && bytes.toString('hex', data, data + 16) === XMP_UUID;
    if (MP4_METADATA.has(type) || xmp) {
      // Renamed and emptied: a `free` box's content is never read, but its old bytes would stay.
      bytes.write('free', at + 4, 'latin1');
      bytes.fill(0, data, end);
    } else if (MP4_WALKED.has(type)) {
      mp4Walk(bytes, data, end, aacStarts);
    } else if (MP4_DATED.has(type)) {
      const dates = data + 4;
      const datesLength = bytes[data] === 1 ? 16 : 8;
      if (dates + datesLength > end) throw new UnreadableRecording(`MP4 box ${type}`);
      bytes.fill(0, dates, dates + datesLength);
    } else if (type === 'stsd') {
      aacTrack = data + 16 <= end && bytes.toString('latin1', data + 12, data + 16) === 'mp4a';
    } else if ((type === 'stco' || type === 'co64') && aacTrack) {
      const wide = type === 'co64';
      if (data + 8 + (wide ? 8 : 4) > end) throw new UnreadableRecording(`MP4 box ${type}`);
      if (bytes.readUInt32BE(data + 4) > 0) {
        aacStarts.push(
          wide ? Number(bytes.readBigUInt64BE(data + 8)) : bytes.readUInt32BE(data + 8),
        );
      }
    }
    at = end;
  }
}

const AAC_FILL_ELEMENT = 6;
/** Extension types whose content is filler a decoder skips (ISO/IEC 14496-3, extension_payload). */
const AAC_FILLER = new Set([0, 1]);

/**
 * Some encoders (FFmpeg's among them) name themselves in a fill element opening the first AAC
 * frame. A fill element's content is skipped by decoders, so it is zeroed in place.
 */
function clearAacEncoderName(bytes: Buffer, frame: number): void {
  const bits = (from: number, count: number) => {
    let value = 0;
    for (let bit = from; bit < from + count; bit++) {
      value = value * 2 + (((bytes[frame + (bit >> 3)] ?? 0) >> (7 - (bit & 7))) & 1);
    }
    return value;
  };
  if (frame + 2 > bytes.length || bits(0, 3) !== AAC_FILL_ELEMENT) return;
  let count = bits(3, 4);
  let payload = 7;
  if (count === 15) {
    count += bits(7, 8) - 1;
    payload = 15;
  }
  if (count === 0 || !AAC_FILLER.has(bits(payload, 4))) return;
  const end = payload + 8 * count;
  if (frame + Math.ceil(end / 8) > bytes.length) throw new UnreadableRecording('AAC frame');
  for (let bit = payload + 4; bit < end; bit++) {
    const at = frame + (bit >> 3);
    bytes[at] = (bytes[at] ?? 0) & ~(0x80 >> (bit & 7));
  }
}

function mp4WithoutMetadata(input: Buffer): Buffer {
  const bytes = Buffer.from(input);
  if (bytes.toString('latin1', 4, 8) !== 'ftyp') throw new UnreadableRecording('no ftyp box');
  const aacStarts: number[] = [];
  mp4Walk(bytes, 0, bytes.length, aacStarts);
  for (const frame of aacStarts) clearAacEncoderName(bytes, frame);
  return bytes;
}

// --- Ogg Opus ---------------------------------------------------------------------------------
// The comment header (OpusTags, RFC 7845) is rebuilt with an empty vendor string and no
// comments; its page is rebuilt around it, the other pages are kept byte for byte.

const OGG_CAPTURE = 'OggS';
const OGG_HEADER = 27;
const OGG_CONTINUED = 0x01;
const OGG_BOS = 0x02;
const OPUS_HEAD = Buffer.from('OpusHead', 'latin1');
const OPUS_TAGS = Buffer.from('OpusTags', 'latin1');
/** OpusTags, a vendor string of length 0, 0 comments. */
const EMPTY_OPUS_TAGS = Buffer.concat([OPUS_TAGS, Buffer.alloc(8)]);

const OGG_CRC_TABLE = Array.from({ length: 256 }, (_, byte) => {
  let crc = byte << 24;
  for (let bit = 0; bit < 8; bit++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  return crc >>> 0;
});

/** Ogg's page checksum: CRC-32, polynomial 0x04C11DB7, no reflection, initial value 0. */
export function oggChecksum(page: Buffer): number {
  let crc = 0;
  for (const byte of page) {
    crc = ((crc << 8) ^ (OGG_CRC_TABLE[((crc >>> 24) ^ byte) & 0xff] ?? 0)) >>> 0;
  }
  return crc;
}

type OggPage = { start: number; end: number; flags: number; lacing: Buffer; body: number };

function oggPages(bytes: Buffer): OggPage[] {
  const pages: OggPage[] = [];
  for (let at = 0; at < bytes.length; ) {
    if (at + OGG_HEADER > bytes.length || bytes.toString('latin1', at, at + 4) !== OGG_CAPTURE) {
      throw new UnreadableRecording('Ogg page');
    }
    const segments = bytes[at + 26] ?? 0;
    const body = at + OGG_HEADER + segments;
    if (body > bytes.length) throw new UnreadableRecording('Ogg page cut short');
    const lacing = bytes.subarray(at + OGG_HEADER, body);
    const end = body + lacing.reduce((sum, value) => sum + value, 0);
    if (end > bytes.length) throw new UnreadableRecording('Ogg page cut short');
    pages.push({ start: at, end, flags: bytes[at + 5] ?? 0, lacing, body });
    at = end;
  }
  return pages;
}

function oggOpusWithoutMetadata(bytes: Buffer): Buffer {
  const pages = oggPages(bytes);
  const [head, tags, ...audio] = pages;
  if (!head || !bytes.subarray(head.body, head.body + 8).equals(OPUS_HEAD)) {
    throw new UnreadableRecording('no OpusHead');
  }
  if (!tags || audio.some((page) => page.flags & OGG_BOS)) {
    // A second stream (chained or multiplexed) would bring its own comment header.
    throw new UnreadableRecording('not one Ogg Opus stream');
  }
  // A comment header spread over several pages is refused: MediaRecorder writes it on one page,
  // and rebuilding a run of pages would renumber every page after it.
  const onePacket =
    !(tags.flags & OGG_CONTINUED) &&
    tags.lacing.length > 0 &&
    tags.lacing.subarray(0, -1).every((value) => value === 255) &&
    (tags.lacing.at(-1) ?? 255) < 255;
  if (!onePacket || !bytes.subarray(tags.body, tags.body + 8).equals(OPUS_TAGS)) {
    throw new UnreadableRecording('OpusTags not alone on the second page');
  }
  const page = Buffer.concat([
    bytes.subarray(tags.start, tags.start + 26),
    Buffer.from([1, EMPTY_OPUS_TAGS.length]),
    EMPTY_OPUS_TAGS,
  ]);
  page.writeUInt32LE(0, 22);
  page.writeUInt32LE(oggChecksum(page), 22);
  return Buffer.concat([bytes.subarray(0, tags.start), page, bytes.subarray(tags.end)]);
}
