"""What players see: layout geometry, card art, fonts, tweens, widgets and the HUD."""
