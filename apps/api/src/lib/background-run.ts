/**
 * Work a request starts without waiting for it (mail delivery, a campaign's refunds): a kick while it runs asks for
 * one more run after it, so kicks coalesce and nothing kicked is missed. A failure is reported, not thrown: the
 * scheduled job that does the same work every minute picks up what is left.
 */
export class BackgroundRun {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly work: () => Promise<unknown>,
    private readonly failed: (error: unknown) => void,
  ) {}

  kick() {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.work()
      .then(() => undefined)
      .catch(this.failed)
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves once any run in progress (and any asked for meanwhile) has finished: tests and shutdown. */
  async idle() {
    while (this.running) await this.running;
  }
}
