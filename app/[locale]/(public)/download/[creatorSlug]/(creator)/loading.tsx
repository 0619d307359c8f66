import { CreatorSkeleton } from '@/components/public/creator/creator-skeleton';

export default function CreatorLoading() {
  return <CreatorSkeleton />;
}
