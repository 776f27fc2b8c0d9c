import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { BlobStore } from '../../platform/blob-store';
import { openBlobStore } from '../../platform/blob-store-open';
import type { Services } from '../../services';
import { mountDocuments } from './documents';
import { mountHni } from './hni';
import { mountProfile } from './profile';
import { mountKycReview } from './review';
import { mountSubmission } from './submission';

/**
 * KYC, appropriateness and HNI for the investor, and the back office's review of KYC submissions
 * (DESIGN.md §4). Multipart is registered inside this module only: no other call accepts a file.
 */
export async function registerKyc(
  app: FastifyInstance,
  services: Services,
  blobs?: BlobStore,
): Promise<void> {
  const store = blobs ?? openBlobStore(services.config.dataDir);
  await app.register(async (scope) => {
    await scope.register(multipart);
    mountDocuments(scope, services, store);
  });
  mountSubmission(app, services);
  mountProfile(app, services);
  mountHni(app, services);
  mountKycReview(app, services);
}
