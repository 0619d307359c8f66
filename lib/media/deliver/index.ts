export { checkedOffer, loadCheckedOffer, prepareDownload } from './prepare/prepare-download';
export { expiredLink, type ResolvedOffer } from './prepare/resolve-offer';
export { getPreparations, type ReadyFile } from './prepare/shared-preparations';
export { tempTtlMs } from './prepare/temp-store';
export { contentDisposition, safeFilename } from './serve/content-disposition';
export { deliverDownload, deliverStoredFile, type DownloadRequest } from './serve/deliver-download';
export { postZip, postOffers } from './serve/post-zip';
export { passthroughStats } from './serve/passthrough';
export { downloadQuerySchema } from './schemas';
