import { useState } from 'react';
import styles from './follow.module.css';
import { initialsOf } from './initials';

/** The manager's photo, or their initials when there is none or it does not load. */
export function ManagerAvatar({
  name,
  photoUrl,
  large = false,
}: {
  name: string;
  photoUrl: string | null;
  large?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const className = large ? styles.avatarLarge : styles.avatar;
  if (photoUrl && !failed) {
    return (
      <img
        className={className}
        src={photoUrl}
        alt=""
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span className={className} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
