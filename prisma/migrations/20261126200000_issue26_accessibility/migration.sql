-- CreateEnum
CREATE TYPE "AccessibilityFeature" AS ENUM ('STEP_FREE_ENTRANCE', 'ELEVATOR', 'WHEELCHAIR_ACCESSIBLE_UNIT', 'ACCESSIBLE_BATHROOM', 'VISUAL_AUDIBLE_ALARMS');

-- AlterTable
ALTER TABLE "Property" ADD COLUMN     "accessibilityFeatures" "AccessibilityFeature"[] DEFAULT ARRAY[]::"AccessibilityFeature"[];
