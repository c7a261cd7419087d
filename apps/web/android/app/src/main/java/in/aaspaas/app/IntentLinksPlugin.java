package in.aaspaas.app;

import android.content.ActivityNotFoundException;
import android.content.Intent;
import android.net.Uri;
import com.getcapacitor.Plugin;
import com.getcapacitor.annotation.CapacitorPlugin;
import java.net.URISyntaxException;

/**
 * Opens the `intent:` links a page navigates to, as Chrome does. Capacitor hands every link that
 * leaves the app to Android as a VIEW of the URL itself (Bridge.launchIntent): right for upi://,
 * tel:, mailto: and other sites, but no app handles the scheme "intent", so those would do nothing.
 * Razorpay Checkout in a WebView (`webview_intent`) starts UPI apps with them (ADR 020).
 */
@CapacitorPlugin(name = "IntentLinks")
public class IntentLinksPlugin extends Plugin {

    @Override
    public Boolean shouldOverrideLoad(Uri url) {
        if (!"intent".equals(url.getScheme())) return null;
        Intent intent;
        try {
            intent = Intent.parseUri(url.toString(), Intent.URI_INTENT_SCHEME);
        } catch (URISyntaxException e) {
            return true;
        }
        // Like a browser: only activities that accept links from the web, never one the page names.
        intent.addCategory(Intent.CATEGORY_BROWSABLE);
        intent.setComponent(null);
        intent.setSelector(null);
        try {
            getActivity().startActivity(intent);
        } catch (ActivityNotFoundException notInstalled) {
            openFallback(intent);
        }
        return true;
    }

    /** The link's own fallback page, else the app's Play Store listing. */
    private void openFallback(Intent intent) {
        String fallback = intent.getStringExtra("browser_fallback_url");
        Uri target = null;
        if (fallback != null && fallback.startsWith("https://")) target = Uri.parse(fallback);
        else if (intent.getPackage() != null) target = Uri.parse("market://details?id=" + intent.getPackage());
        if (target == null) return;
        try {
            getActivity().startActivity(new Intent(Intent.ACTION_VIEW, target));
        } catch (ActivityNotFoundException nothingToOpenIt) {
            // No store and no browser: nothing more a link can do.
        }
    }
}
