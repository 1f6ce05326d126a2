// Console texts shared by the loader and the chat (each bundle gets its own copy).

/** For the site owner, when the chatbot refuses this website's origin (config request or handshake). */
export const ORIGIN_WARNING =
  "LeadBroom: this website's origin is not in the chatbot's allowed origins; add it in the LeadBroom workspace under AI Chatbot → Installation";
