import { Fragment } from 'react';

/**
 * A file name (or a title made from one) that wraps where a person would break it: after `_`, `-`, `.` and spaces, never in the
 * middle of a word unless one word alone is wider than its box.
 */
export function FileName({ name }: { name: string }) {
  const parts = name.split(/(?<=[_\-.])/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
