/** The time as the services read it: the wall clock, or a test's moved one (`ServiceOverrides.clock`). */
export type Clock = () => Date;
