import 'server-only';
import { AppError, isAppError } from '@/lib/errors';
import { assertFetchableUrl } from '@/lib/net/guarded-fetch';

/**
 * A webhook's URL is checked when it is saved: http(s), and a host that resolves to public addresses only
 * (`private_address` otherwise). Deliveries check again, since the name may point elsewhere later.
 */
export async function checkWebhookUrl(url: string): Promise<void> {
  try {
    await assertFetchableUrl(url);
  } catch (error) {
    if (isAppError(error) && (error.code === 'private_address' || error.code === 'invalid_url')) throw error;
    // A name that does not resolve now: say so rather than save a webhook that can never be reached.
    throw new AppError('invalid_url', 'The webhook URL cannot be reached: its host name does not resolve');
  }
}
