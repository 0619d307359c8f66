export { buildOffers } from './build-offers';
export type { OfferAction, OfferContainer, OfferKind, OfferPlan, Offers } from './types';
export { subtitleFor } from './subtitle-offers';
export { planForLanguages, userLanguages } from './audio-language';
