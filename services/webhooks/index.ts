/**
 * The webhook delivery worker's public face (issue 31): it drains webhook_deliveries, signing each
 * attempt (Standard Webhooks) and sending it to the receiver's checked address, with retries. Run
 * alone by `npm run start:webhooks` (main.ts); any number may run.
 */
export {
  startWebhookWorker,
  WebhookWorker,
  type RunningWebhookWorker,
  type WebhookTotals,
  type WebhookWorkerConfig,
  type WebhookWorkerOptions,
} from './worker';
export { verdictFor, type AttemptResult, type Verdict } from './outcome';
export { deliveryCounters, registerDeliveryMetrics, type DeliveryCounters } from './delivery-metrics';
