import type { serviceItIT } from './service-it-IT';

/** Texts of customer service (common/service, user/service, serviceJs), in English. */
export const serviceEnUS: Record<keyof typeof serviceItIT, string> = {
  'service.title': 'Customer service',
  'service.empty': 'Write to us: an operator will answer.',
  'service.placeholder': 'Write a message',
  'service.send': 'Send',
  'service.attach': 'Send an image',
  'service.earlier': 'Earlier messages',
  'service.you': 'You',
  'service.operator': 'Support',
  'service.imageAlt': 'Image sent',
  'service.imageFailed': 'Image not available',
  'service.external': 'Open the chat with the support button at the bottom of the page.',
  'service.guest': 'Sign in to write to customer service.',
  'service.signIn': 'Sign in',
};
