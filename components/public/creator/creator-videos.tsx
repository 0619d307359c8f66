import { Download, Eye, VideoOff } from '@/components/ui/icons';
import { getTranslations } from 'next-intl/server';
import { buttonClasses } from '@/components/ui/button';
import type { Creator } from '@/lib/creators/types';
import { Link } from '@/lib/i18n/navigation';

/**
 * Latest Videos: a grid of cards, each with Preview and Download to the download page. With no reading of the
 * channel, an honest "can't be loaded right now" state; with a reading that listed nothing, "no videos".
 */
export async function CreatorVideos({ creator }: { creator: Creator }) {
  const t = await getTranslations('Creator');
  const videos = creator.latestVideos;
  return (
    <section aria-labelledby="latest-videos" className="mt-10">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="latest-videos" className="text-2xl font-semibold">
          {t('latestVideos')}
        </h2>
        {videos.length > 0 && (
          <p data-testid="creator-video-count" className="text-sm text-muted-foreground">
            {t('videosAvailable', { count: videos.length })}
          </p>
        )}
      </div>
      {videos.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed p-10 text-center" data-testid="creator-videos-empty">
          <VideoOff className="h-10 w-10 text-muted-foreground" aria-hidden />
          <p className="text-lg font-semibold">{creator.source === 'none' ? t('unavailable') : t('noVideos')}</p>
          <p className="text-sm text-muted-foreground">{creator.source === 'none' ? t('unavailableHint') : t('noVideosHint')}</p>
        </div>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {videos.map((video) => {
            const href = { pathname: '/download', query: { creator: creator.slug, video: video.id } };
            return (
              <li key={video.id} data-testid="creator-video" className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm">
                {video.thumbnail ? (
                  // eslint-disable-next-line @next/next/no-img-element -- our thumbnail route has already fetched, checked and cached it
                  <img
                    src={video.thumbnail}
                    alt=""
                    loading="lazy"
                    referrerPolicy="no-referrer"
                    className="aspect-video w-full bg-muted object-cover"
                  />
                ) : (
                  <div aria-hidden className="grid aspect-video w-full place-items-center bg-muted">
                    <VideoOff className="h-8 w-8 text-muted-foreground" />
                  </div>
                )}
                <div className="flex flex-1 flex-col gap-3 p-4">
                  <h3 className="line-clamp-2 font-medium">{video.title}</h3>
                  <div className="mt-auto flex gap-2">
                    <Link href={href} className={buttonClasses('outline', 'sm')} data-testid="creator-video-preview">
                      <Eye className="h-4 w-4" aria-hidden />
                      {t('preview')}
                    </Link>
                    <Link href={href} className={buttonClasses('primary', 'sm')} data-testid="creator-video-download">
                      <Download className="h-4 w-4" aria-hidden />
                      {t('download')}
                    </Link>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
