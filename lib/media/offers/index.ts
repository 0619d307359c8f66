export { buildOffers } from './build-offers';
export { SLIDESHOW_ITAG, slideshowOffers } from './slideshow-offer';
export type { OfferAction, OfferContainer, OfferKind, OfferPlan, Offers } from './types';
export { subtitleFor } from './subtitle-offers';
export { planForLanguages, userLanguages } from './audio-language';
