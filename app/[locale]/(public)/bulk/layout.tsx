// Shows a result card, a bulk list or a creator's videos at once: their texts come with the page.
export { WithActionTexts as default } from '@/components/i18n/client-messages';
