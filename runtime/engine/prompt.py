"""What the play window shows of the sequence (pure, testable without Qt): the step
waiting, the side to act and why (the phase, the chit drawn, the initiative won), and the
choices of a step that is not played on the board (draw, roll, put a chit, choose), or of a
procedure that is not (a step loss to allocate, a roll after combat, air support, assets)."""

from __future__ import annotations

from dataclasses import dataclass, field

from hexwright.runtime.model import Module
from hexwright.runtime.state import GameState, Location, piece_name

from . import runner
from .actions import (
    AssignAsset,
    Choose,
    Decline,
    Draw,
    EliminateExcess,
    EngineAction,
    Fire,
    LoseStep,
    Pick,
    PutChit,
    ReassignAsset,
    Roll,
    Support,
)
from .context import phase_of
from .core import legal_actions, prepared
from .data import Frame, engine_state, with_engine_state


@dataclass(frozen=True)
class StepPrompt:
    phase: str = ""
    step: str = ""
    side: str = ""
    why: str = ""
    choices: list[tuple[str, EngineAction]] = field(default_factory=list)

    def text(self, module: Module) -> str:
        sides = module.pieces.sides
        who = sides[self.side].name if self.side in sides else (self.side or "-")
        parts = [self.phase] + ([self.step] if self.step and self.step != self.phase else [])
        why = f" ({self.why})" if self.why and self.why not in (self.phase, self.step) else ""
        return f"{' · '.join(p for p in parts if p)} · {who} to play{why}"


LISTED_FRAMES = ("losses", "roll", "support", "fire", "assets", "asset_loss", "asset_split", "reassign", "fire_hit",
                 "disorganize")
"""The procedures whose choices are listed in the phase bar, not made on the board: the step
losses to allocate, the rolls after a combat, air support, fire in a combat (St-Lô 10.4, 10.5),
the owners' asset choices, the hex a strike on the firer's own units hits (15.0 D) and the
artillery unit counter-battery fire disorganizes (22.1.2 B)."""


def _name(module: Module, piece: str) -> str:
    return piece_name(module, piece) if piece in module.pieces.pieces else piece


def _frame_label(module: Module, state: GameState, action: EngineAction, top: Frame) -> str:
    if isinstance(action, LoseStep):
        return f"Lose a step: {_name(module, action.unit)}"
    if isinstance(action, Support):
        return f"Air support for the defence: {action.points} point(s)" if action.points else \
            "No air support for the defence"
    if isinstance(action, Roll):
        what = {"intensity": "combat intensity", "casualty": "attacker casualties"}.get(top.result, "") \
            if top.proc == "roll" else ""
        return f"Roll for {what}" if what else "Roll the dice"
    if isinstance(action, AssignAsset):
        return f"Assign {_name(module, action.asset)} to {_name(module, action.unit)}"
    if isinstance(action, ReassignAsset):
        return f"Reassign {_name(module, action.asset)} to its division"
    if isinstance(action, EliminateExcess):
        return f"Eliminate {_name(module, action.unit)}"
    if isinstance(action, Fire):
        return _fire_label(module, state, action)
    if isinstance(action, Pick):
        if top.proc == "fire_hit":
            here = ", ".join(_name(module, p) for p in state.stack(Location.hex(action.target)))
            return f"The strike hits {action.target}" + (f" ({here})" if here else "")
        return f"Disorganize {_name(module, action.target)}"
    if isinstance(action, Decline):
        return {"assets": "No more assets", "reassign": "No more reassignments"}.get(top.proc, "No fire")
    return str(action)


def _label(module: Module, state: GameState, action: EngineAction, step_options: dict[str, str]) -> str:
    top = engine_state(state).top
    if top is not None:
        return _frame_label(module, state, action, top)
    if isinstance(action, Draw):
        return "Draw a chit"
    if isinstance(action, Roll):
        return "Roll the dice"
    if isinstance(action, PutChit):
        chit = module.pieces.chits.get(action.chit)
        return f"Put {chit.name if chit else action.chit} into the cup"
    if isinstance(action, Choose):
        name = step_options.get(action.option, action.option.replace("_", " ").capitalize())
        if not action.target:
            return f"{name}: done" if engine_state(state).seq.picking == action.option else name
        return f"{name}: {_target_name(module, action.target)}"
    return str(action)


def _fire_label(module: Module, state: GameState, action: Fire) -> str:
    """A fire offered in a combat: its mission, units and intensities, the OP's place and the value added."""
    from .fire_query import fire_plan

    fire = module.rules.fire
    declared = fire.missions.get(action.mission) if fire is not None else None
    mission = declared.name if declared is not None else action.mission
    units = ", ".join(f"{piece_name(module, u)} {i}" for u, i in zip(action.units, action.intensities, strict=True))
    found = fire_plan(module, state, action)
    return f"{mission}: {units}, OP at {action.op_hex} (OV {found.ov}) → +{found.total}"


def _target_name(module: Module, target: str) -> str:
    """A choice's target: an HQ, a formation, an arrival group (its units)."""
    if target in module.pieces.pieces:
        return piece_name(module, target)
    if target in module.pieces.formations:
        return module.pieces.formations[target].name
    group = module.rules.arrivals.get(target)
    if group is not None:
        return ", ".join(piece_name(module, p) for p in group.pieces)
    return target


def step_prompt(module: Module, state: GameState) -> StepPrompt:
    tx = prepared(module, state)
    seq = tx.data.seq
    phase = phase_of(module, tx.state)
    step = runner.waiting(module, seq)
    options: dict[str, str] = {}
    if step is not None and step.kind == "choice":
        options = {o.id: o.label or o.id for o in step.options}
    top = tx.data.top
    acts: list[EngineAction]
    if top is not None:
        acts = legal_actions(module, state) if top.proc in LISTED_FRAMES else []  # none when the game is over
    elif runner.actions_step(module, seq) is not None:
        acts = []
    else:
        # a step played off the board (fire and its refusal are offered only in frames and actions steps)
        acts = [a for a in legal_actions(module, state) if isinstance(a, (Choose, PutChit, Draw, Roll))]
    state = with_engine_state(tx.state, tx.data)
    return StepPrompt(phase=phase.name if phase else "", step=seq.step, side=seq.active or (tx.state.active_side or ""),
                      why=seq.why, choices=[(_label(module, state, a, options), a) for a in acts])
