import { landingRoute } from '@/components/public/landing/platform-landing';

const route = landingRoute('facebook');
export const generateMetadata = route.generateMetadata;
export default route.Page;
