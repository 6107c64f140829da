"""A drag on the table (SPEC CM-2, CM-4): the cards lift from where the press began and follow the
pointer, the pile under them is outlined when they may land there, and the drop plays the move or
sends the cards flying back with the reason. :class:`Dragging` is the table scene's part that owns
the drag in progress; the scene hands it its drag intents and asks it whether one is going on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.view.drag import Drag, lift

if TYPE_CHECKING:
    from game.scenes.table import TableScene


class Dragging:
    """The drag in progress on one table scene, from the lift to the drop."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.current: Drag | None = None  # the cards under the pointer, while a drag goes on

    @property
    def active(self) -> bool:
        return self.current is not None

    def start(self, pos: tuple[float, float]) -> None:
        """Lift the card under ``pos`` with the cards that move with it, or say why it cannot move."""
        scene = self.scene
        hit = scene.view.hit(pos)
        scene.table.hint = None
        if hit is None or hit[1] < 0:
            return
        problem = scene.interaction.lift(scene.table.position(), *hit)
        if problem:
            scene.say(problem)
            return
        self.current = lift(scene.view, hit[0], hit[1], pos, scene.table.now)
        scene.app.sound.play("pickup", scene.sound_on())

    def move(self, pos: tuple[float, float]) -> None:
        """The cards follow ``pos``; whether they may land is decided when the pile under them
        changes, not every frame."""
        drag, scene = self.current, self.scene
        if drag is None:
            return
        drag.follow(pos)
        target = drag.drop_target(scene.view, pos)
        if target != drag.target:
            drag.target = target
            position = scene.table.position()
            drag.target_legal = target is not None and not position.check(
                scene.interaction.drop(position, drag.pile, drag.index, target)
            )

    def end(self, pos: tuple[float, float], cancelled: bool) -> None:
        """Drop the cards: the move is played, or they fly back — with the reason when it is illegal."""
        drag, self.current = self.current, None
        scene = self.scene
        if drag is None:
            return
        if not cancelled:
            drag.follow(pos)
        target = None if cancelled else drag.drop_target(scene.view, pos)
        if target is None or target == drag.pile:
            scene.view.sprites.fly_back(drag.sprites, drag.pos, drag.fan_step, scene.table.now)
            return
        position = scene.table.position()
        move = scene.interaction.drop(position, drag.pile, drag.index, target)
        reason = position.check(move)
        if reason is not None:  # CM-4: the cards fly back and the reason is shown
            scene.view.sprites.fly_back(drag.sprites, drag.pos, drag.fan_step, scene.table.now)
            scene.app.sound.play("illegal", scene.sound_on())
            scene.say(reason)
            return
        scene.view.sprites.place(drag.sprites, drag.pos, drag.fan_step)
        scene.play(move)

    def cancel(self) -> None:
        """The window lost the pointer: the cards fly back to where they were lifted from."""
        if self.current is not None:
            self.end(self.current.pos, cancelled=True)

    def relaid(self) -> None:
        """The table was laid out again (a resize): the cards under the pointer are the new sprites."""
        if self.current is not None:
            self.current.sprites = self.scene.view.pile_sprites(self.current.pile, self.current.index)
