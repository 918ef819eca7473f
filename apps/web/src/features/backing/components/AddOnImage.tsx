/**
 * An add-on's picture beside its title: decorative (empty alt), as the title next to it already names it, so a
 * screen reader does not read the name twice. A fixed square that never widens its row.
 */
export function AddOnImage({ url, size }: { url: string; size: number }) {
  return (
    <img
      src={url}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      style={{ objectFit: 'cover', borderRadius: 8, flexShrink: 0, display: 'block' }}
    />
  );
}
