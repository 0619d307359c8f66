export { buildOffers } from './build-offers';
export type { OfferAction, OfferContainer, OfferKind, OfferPlan, Offers } from './types';
