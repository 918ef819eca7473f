/** Mantine's class map of one component, without its code (mantine-styles-plugin.ts). */
declare module 'mantine-classes:*' {
  const classes: Record<string, string>;
  export default classes;
}
