/** A work queue (SQS in AWS, a durable local queue in the embedded runtime). */
export interface QueueMessage<T = unknown> {
  id: string;
  body: T;
  attempt: number;
}

export interface WorkQueue {
  send(queue: string, body: unknown, options?: { delaySeconds?: number; dedupeId?: string }): Promise<void>;
}
