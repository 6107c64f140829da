"""Baker's Dozen (SPEC BD-1 ... BD-3): thirteen open columns of four, kings at the bottom, built
down one card at a time whatever the suit; an emptied column stays empty."""
