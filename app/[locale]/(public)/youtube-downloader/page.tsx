import { landingRoute } from '@/components/public/landing/platform-landing';

const route = landingRoute('youtube');
export const generateMetadata = route.generateMetadata;
export default route.Page;
