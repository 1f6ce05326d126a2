// The blog's pictures, imported so that the build inlines each small SVG into the page as a data: URL:
// the first card's picture is /blog's largest paint on a phone, and an inlined one needs no request
// and paints with the text. Kept apart from blog-articles.ts, which Node imports without Vite.
import type { BlogArticle } from "./blog-articles";
import aiRevolutionCleaning from "./blog-images/ai-revolution-cleaning.svg";
import leadGenerationStrategies from "./blog-images/lead-generation-strategies.svg";
import scalingCleaningBusiness from "./blog-images/scaling-cleaning-business.svg";
import chatbotBenefits from "./blog-images/chatbot-benefits.svg";
import commercialCleaningTrends from "./blog-images/commercial-cleaning-trends.svg";

export const BLOG_IMAGE_SRC: Record<BlogArticle["id"], string> = {
  "ai-revolution-cleaning": aiRevolutionCleaning,
  "lead-generation-strategies": leadGenerationStrategies,
  "scaling-cleaning-business": scalingCleaningBusiness,
  "chatbot-benefits": chatbotBenefits,
  "commercial-cleaning-trends": commercialCleaningTrends,
};
