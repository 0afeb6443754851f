/**
 * Runs tasks one after another, in the order they were queued, each starting once the one before has settled
 * (a failed task does not stop the queue; its caller gets the failure).
 */
export function serialQueue(): <T>(task: () => Promise<T>) => Promise<T> {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>) => {
    const next = queue.then(task, task);
    queue = next.catch(() => undefined);
    return next;
  };
}
