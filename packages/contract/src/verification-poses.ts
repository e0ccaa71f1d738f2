/**
 * The poses a member may be asked to take for the verification selfie (ADR 044), zod-free so
 * the web shows them without loading schemas. The server draws one at random per request: a
 * photo found elsewhere rarely shows the very gesture asked a minute before.
 */
export const VERIFICATION_POSES = [
  {
    id: 'hand-on-cheek',
    emoji: '🤚',
    en: 'Put one hand on your cheek',
    fr: 'Posez une main sur votre joue',
  },
  {
    id: 'thumbs-up',
    emoji: '👍',
    en: 'Show a thumb up beside your face',
    fr: 'Levez un pouce à côté de votre visage',
  },
  {
    id: 'two-fingers',
    emoji: '✌️',
    en: 'Show two fingers (a V) beside your face',
    fr: 'Montrez deux doigts (un V) à côté de votre visage',
  },
  {
    id: 'three-fingers',
    emoji: '🤟',
    en: 'Show three fingers beside your face',
    fr: 'Montrez trois doigts à côté de votre visage',
  },
  {
    id: 'open-palm',
    emoji: '🖐️',
    en: 'Show your open palm beside your face',
    fr: 'Montrez votre paume ouverte à côté de votre visage',
  },
  {
    id: 'fist-under-chin',
    emoji: '✊',
    en: 'Rest your chin on your fist',
    fr: 'Posez le menton sur votre poing',
  },
  { id: 'point-up', emoji: '☝️', en: 'Point one finger up', fr: 'Pointez un doigt vers le haut' },
  { id: 'touch-ear', emoji: '👂', en: 'Touch one ear', fr: 'Touchez une oreille' },
  {
    id: 'touch-nose',
    emoji: '👃',
    en: 'Touch your nose with one finger',
    fr: 'Touchez votre nez avec un doigt',
  },
  {
    id: 'hand-on-forehead',
    emoji: '🤦',
    en: 'Put one hand on your forehead',
    fr: 'Posez une main sur votre front',
  },
  {
    id: 'ok-sign',
    emoji: '👌',
    en: 'Make an OK sign beside your face',
    fr: 'Faites le signe OK à côté de votre visage',
  },
  {
    id: 'wave',
    emoji: '👋',
    en: 'Wave at the camera',
    fr: 'Faites un signe de la main à la caméra',
  },
  {
    id: 'head-tilt-left',
    emoji: '↖️',
    en: 'Tilt your head to the left',
    fr: 'Penchez la tête vers la gauche',
  },
  {
    id: 'head-tilt-right',
    emoji: '↗️',
    en: 'Tilt your head to the right',
    fr: 'Penchez la tête vers la droite',
  },
  {
    id: 'look-up',
    emoji: '⬆️',
    en: 'Look up, face to the camera',
    fr: 'Regardez vers le haut, le visage face à la caméra',
  },
  {
    id: 'hand-on-shoulder',
    emoji: '🤲',
    en: 'Put one hand on the opposite shoulder',
    fr: 'Posez une main sur l’épaule opposée',
  },
  {
    id: 'four-fingers',
    emoji: '🖖',
    en: 'Show four fingers beside your face',
    fr: 'Montrez quatre doigts à côté de votre visage',
  },
  {
    id: 'hand-over-head',
    emoji: '🙋',
    en: 'Raise one hand above your head',
    fr: 'Levez une main au-dessus de la tête',
  },
] as const;

export type VerificationPose = (typeof VERIFICATION_POSES)[number];
export type VerificationPoseId = VerificationPose['id'];
export const VERIFICATION_POSE_IDS = VERIFICATION_POSES.map((p) => p.id) as [
  VerificationPoseId,
  ...VerificationPoseId[],
];

/** Why a moderator refuses a selfie: the member is told, in their language, and may try again. */
export const VERIFICATION_REFUSALS = [
  'pose-wrong',
  'face-not-visible',
  'not-same-person',
  'photo-of-photo',
] as const;
export type VerificationRefusal = (typeof VERIFICATION_REFUSALS)[number];

export const VERIFICATION_STATUSES = ['none', 'pending', 'approved', 'refused'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** Why a request is in the moderators' queue: asked by the member, or a check the app started. */
export const VERIFICATION_TRIGGERS = [
  'member',
  'main-photo-changed',
  'fake-profile-report',
] as const;
export type VerificationTrigger = (typeof VERIFICATION_TRIGGERS)[number];

/** A pose is valid this long after the server drew it. */
export const VERIFICATION_POSE_TTL_MS = 10 * 60 * 1000;
/** The selfie's upload limit (a camera frame drawn to a canvas is well under it). */
export const VERIFICATION_SELFIE_MAX_BYTES = 8 * 1024 * 1024;
