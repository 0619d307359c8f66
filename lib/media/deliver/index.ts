export { contentDisposition, safeFilename } from './content-disposition';
export { checkedOffer, deliverDownload, deliverStoredFile, loadCheckedOffer, prepareDownload, type DownloadRequest } from './deliver-download';
export { expiredLink } from './resolve-offer';
export { postZip, postOffers } from './post-zip';
export { passthroughStats } from './passthrough';
export { getPreparations, type ReadyFile } from './shared-preparations';
export { downloadQuerySchema } from './schemas';
export type { ResolvedOffer } from './resolve-offer';
export { tempTtlMs } from './temp-store';
