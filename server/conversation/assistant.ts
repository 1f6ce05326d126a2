// The assistant that answers a visitor's turn. The rules assistant is the deterministic engine; an
// AI assistant (later) implements the same interface, may stream its replies through onDelta, and
// must still return an engine state (the rules path alone completes a qualification).
import { handleVisitorMessage, type BusinessProfile, type EngineState, type TurnResult } from "./engine.ts";

export type AssistantTurnInput = {
  state: EngineState;
  text: string;
  profile: BusinessProfile;
  now: Date;
  /** The recent transcript, loaded only by assistants that need it (the rules assistant does not). */
  history: () => Promise<{ role: "visitor" | "bot"; text: string }[]>;
  /** Which conversation this turn belongs to (usage accounting and caps; never shown to a model). */
  conversation: { id: string; businessId: string; isTest: boolean };
};

export interface Assistant {
  readonly name: string; // "rules" or a model name
  /** onDelta streams the text of reply number `index` as it is produced (the rules assistant calls it never). */
  respond(input: AssistantTurnInput, onDelta?: (index: number, delta: string) => void): Promise<TurnResult>;
  /**
   * The same answer at once, for an assistant that needs no I/O (the rules engine): the chat then
   * stores the visitor's message and the reply in one statement (decision 0079). A model does not
   * have it: its visitor message is stored and acknowledged before it starts answering.
   */
  respondNow?(input: Omit<AssistantTurnInput, "history">): TurnResult;
}

export function createRulesAssistant(): Assistant {
  return {
    name: "rules",
    respond(input) {
      return Promise.resolve(handleVisitorMessage(input.state, input.text, input.profile, input.now));
    },
    respondNow(input) {
      return handleVisitorMessage(input.state, input.text, input.profile, input.now);
    },
  };
}
