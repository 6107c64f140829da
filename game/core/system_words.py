"""Why the system refused a file, in the player's language: the common causes have words of their
own ("permission denied", "the disk is full"); any other is the system's own words, which only the
system knows (and which are English on most machines)."""

from __future__ import annotations

import errno

from game.core.i18n import tr


def system_reason(error: OSError) -> str:
    """An OS error as a player reads it, without the path the message names already."""
    words = {
        errno.EACCES: tr("permission denied"),
        errno.EPERM: tr("permission denied"),
        errno.ENOENT: tr("it does not exist"),
        errno.ENOSPC: tr("the disk is full"),
        errno.EROFS: tr("the disk is read-only"),
        errno.EISDIR: tr("it is a folder"),
        errno.EIO: tr("the disk could not be read or written"),
    }
    if error.errno in words:
        return words[error.errno]
    return error.strerror or str(error) or type(error).__name__
