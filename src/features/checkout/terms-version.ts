/**
 * The version of the privacy policy and terms of use (terms-text.ts). A diner's agreement is kept
 * with the version agreed to; change this whenever the terms change in substance, and every diner
 * is asked again. Kept apart from the texts so the confirm page does not load them.
 */
export const TERMS_VERSION = '2026-11-24'
