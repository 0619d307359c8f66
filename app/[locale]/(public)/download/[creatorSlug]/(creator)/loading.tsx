import { CreatorSkeleton } from '@/components/creator/creator-skeleton';

export default function CreatorLoading() {
  return <CreatorSkeleton />;
}
